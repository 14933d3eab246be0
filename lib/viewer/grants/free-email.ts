import freeEmailDomains from "free-email-domains";

const FREE = new Set<string>(freeEmailDomains);

/** Consumer mailbox providers (gmail.com, yahoo.com, …) from the maintained `free-email-domains` list. */
export const isFreeEmailDomain = (domain: string) => FREE.has(domain.toLowerCase());
