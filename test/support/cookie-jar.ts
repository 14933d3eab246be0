/**
 * What next/headers gives route handlers in a test file that mocks it with `nextHeadersMock`:
 * cookies() reads and sets `cookieJar.current`, the jar of the browser making the request
 * (test/support/reader-browser.ts). Kept apart from the browser, which imports the routes, so the
 * mock's factory can load it without importing next/headers itself.
 */
export const cookieJar = { current: new Map<string, string>() };

export const nextHeadersMock = {
  cookies: async () => ({
    get: (name: string) => (cookieJar.current.has(name) ? { name, value: cookieJar.current.get(name)! } : undefined),
    getAll: () => [...cookieJar.current].map(([name, value]) => ({ name, value })),
    set: (name: string, value: string) => void cookieJar.current.set(name, value),
  }),
  headers: async () => new Headers(),
};
