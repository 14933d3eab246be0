"use client";

import { createContext, useContext } from "react";

const MailConfigured = createContext(false);

/** Whether this server can send email (SMTP_URL), for the settings that depend on it. */
export function MailProvider({ configured, children }: { configured: boolean; children: React.ReactNode }) {
  return <MailConfigured.Provider value={configured}>{children}</MailConfigured.Provider>;
}

export const useMailConfigured = () => useContext(MailConfigured);

/** Why a setting that sends email cannot be turned on here, and where this server's email goes instead. */
export const NO_MAIL_HINT =
  "Needs an email server: this one has no SMTP_URL, so codes could not be sent. The emails it would send wait in Settings → Notifications.";
