/** How a search snippet marks the words that matched: `**revenue**`. Plain text, so a client splits on it and never renders HTML. */
export const SNIPPET_MARK = "**";

/** A snippet's parts in order, each saying whether it is a matched word; an unpaired mark (a snippet cut short) leaves the rest unmarked text. */
export function snippetParts(snippet: string): Array<{ text: string; marked: boolean }> {
  const pieces = snippet.split(SNIPPET_MARK);
  const paired = pieces.length % 2 === 1 ? pieces : [...pieces.slice(0, -2), pieces.slice(-2).join("")];
  return paired.map((text, i) => ({ text, marked: i % 2 === 1 })).filter((part) => part.text !== "");
}
