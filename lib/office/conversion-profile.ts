/**
 * The registry of a conversion's fresh LibreOffice profile (`user/registrymodifications.xcu`):
 * macros never run (highest security level, execution disabled), links to other files and OLE
 * objects are never updated (Writer's and Calc's link modes: never), images linked by URL are not
 * fetched (untrusted referer links blocked), and any other fetch goes to a proxy that is not there
 * (port 9, discard), so a file cannot make the server reach out.
 */
const item = (path: string, prop: string, value: string | number | boolean) =>
  `<item oor:path="${path}"><prop oor:name="${prop}" oor:op="fuse"><value>${value}</value></prop></item>`;

export const CONVERSION_REGISTRY = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${[
  item("/org.openoffice.Office.Common/Security/Scripting", "MacroSecurityLevel", 3),
  item("/org.openoffice.Office.Common/Security/Scripting", "DisableMacrosExecution", true),
  item("/org.openoffice.Office.Common/Security/Scripting", "BlockUntrustedRefererLinks", true),
  // Writer: 0 never, 1 on request, 2 always; Calc: 0 always, 1 never, 2 on request.
  item("/org.openoffice.Office.Writer/Content/Update", "Link", 0),
  item("/org.openoffice.Office.Calc/Content/Update", "Link", 1),
  item("/org.openoffice.Inet/Settings", "ooInetProxyType", 1),
  item("/org.openoffice.Inet/Settings", "ooInetHTTPProxyName", "127.0.0.1"),
  item("/org.openoffice.Inet/Settings", "ooInetHTTPProxyPort", 9),
  item("/org.openoffice.Inet/Settings", "ooInetHTTPSProxyName", "127.0.0.1"),
  item("/org.openoffice.Inet/Settings", "ooInetHTTPSProxyPort", 9),
  item("/org.openoffice.Inet/Settings", "ooInetFTPProxyName", "127.0.0.1"),
  item("/org.openoffice.Inet/Settings", "ooInetFTPProxyPort", 9),
  item("/org.openoffice.Office.Common/Misc", "UseLocking", false),
].join("\n")}
</oor:items>
`;
