import type * as Argon2 from "@node-rs/argon2";

/**
 * Wraps the real @node-rs/argon2 so tests can see how many hashes and verifications ran, and hold
 * verifications open (each keeps its gate slot until released). Use it as
 * `vi.mock("@node-rs/argon2", async (real) => (await import("…/counted-argon2")).counted(await real()))`.
 */
export const argon2Calls = { hash: 0, verify: 0 };

let hold: { firstEntered: () => void; released: Promise<void> } | null = null;

/** Every verification that starts from now on waits until `release()`; `entered` resolves when the first one starts. */
export function holdVerifications(): { entered: Promise<void>; release: () => void } {
  let firstEntered!: () => void;
  let release!: () => void;
  const entered = new Promise<void>((resolve) => (firstEntered = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  hold = { firstEntered, released };
  return {
    entered,
    release: () => {
      hold = null;
      release();
    },
  };
}

export function counted(real: typeof Argon2): typeof Argon2 {
  return {
    ...real,
    hash: (...args: Parameters<typeof Argon2.hash>) => {
      argon2Calls.hash++;
      return real.hash(...args);
    },
    verify: async (...args: Parameters<typeof Argon2.verify>) => {
      argon2Calls.verify++;
      if (hold) {
        hold.firstEntered();
        await hold.released;
      }
      return real.verify(...args);
    },
  };
}

export function resetArgon2Calls() {
  argon2Calls.hash = 0;
  argon2Calls.verify = 0;
}
