import { PrismaAdapter } from "@auth/prisma-adapter";
import NextAuth, { CredentialsSignin, type DefaultSession } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import Nodemailer from "next-auth/providers/nodemailer";
import { config } from "../config";
import { db } from "../db/client";
import { clientAddress } from "../request/server-headers";
import { findUserByEmail } from "../users/create-user";
import { claimUnverifiedAccount } from "../users/claim-unverified-account";
import { SESSION_MAX_AGE_SECONDS, endSession, sessionOf, startSession } from "../users/account-sessions";
import { authenticatePassword } from "./authenticate-password";
import { sendMagicLink } from "./send-magic-link";
import { logger } from "../log/logger";

const log = logger("auth");

declare module "next-auth" {
  interface Session {
    user: { id: string } & DefaultSession["user"];
    /** The primary key of this sign-in's row in `sessions` (not its token): where its chosen team is kept. */
    sessionId?: string;
  }
}

declare module "@auth/core/jwt" {
  interface JWT {
    /** The token of this sign-in's row in `sessions` (lib/users/account-sessions.ts). */
    sid?: string;
    /** That row's primary key, read again on every request. */
    sessionId?: string;
  }
}

/** A sign-in refused before its password was looked at: too many attempts, or too many hashes at once. */
export class SignInRefused extends CredentialsSignin {
  constructor(
    readonly reason: "rate_limited" | "busy",
    readonly retryAfter: number,
  ) {
    super();
    this.code = reason;
  }
}

/**
 * next-auth v5: email + password (Credentials) always, an email magic link when SMTP is
 * configured. JWT sessions (required with Credentials); the Prisma adapter stores magic-link
 * tokens. Configured lazily, so importing this module never reads configuration at build time.
 * The limits and the account rules live in the functions the providers call, so they hold for
 * the server actions and for next-auth's own HTTP endpoints alike.
 */
export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  adapter: PrismaAdapter(db),
  secret: config().AUTH_SECRET,
  trustHost: true,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  // A refused sign-in is an expected answer, not a server error: a flood of them must not flood the log.
  logger: {
    error(error) {
      if (!(error instanceof CredentialsSignin)) log.error({ err: error }, "sign-in failed");
    },
  },
  pages: { signIn: "/sign-in", verifyRequest: "/sign-in/check-email", error: "/sign-in" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, request) {
        const result = await authenticatePassword({
          email: credentials?.email,
          password: credentials?.password,
          address: clientAddress(request),
        });
        if (result.status === "ok") return result.user;
        if (result.status === "invalid") return null;
        throw new SignInRefused(result.status, result.retryAfter);
      },
    }),
    ...(config().SMTP_URL
      ? [
          Nodemailer({
            server: config().SMTP_URL,
            from: config().SMTP_FROM,
            async sendVerificationRequest({ identifier, url, request }) {
              await sendMagicLink({ email: identifier, url, address: clientAddress(request) });
            },
          }),
        ]
      : []),
  ],
  events: {
    // Both doors out (the sign-out actions and next-auth's own endpoint) end the session on the server.
    async signOut(message) {
      if ("token" in message && message.token?.sid) await endSession(message.token.sid);
    },
  },
  callbacks: {
    async signIn({ user, account, email }) {
      if (account?.provider !== "nodemailer" || email?.verificationRequest) return true;
      // A sign-in link was followed: it proves the address, and it never creates an account.
      const owner = user.email ? await findUserByEmail(user.email) : null;
      if (!owner) return false;
      await claimUnverifiedAccount(owner.id);
      return true;
    },
    async jwt({ token, user }) {
      if (user?.id) {
        token.sub = user.id;
        token.sid = await startSession(user.id);
      }
      // Every session read: a session signed out (here or everywhere), expired, or of a deleted account is over.
      const current = token.sid ? await sessionOf(token.sid) : null;
      if (!token.sub || !current || current.userId !== token.sub) return null;
      token.sessionId = current.id;
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      session.sessionId = token.sessionId;
      return session;
    },
  },
}));

export const magicLinkEnabled = () => Boolean(config().SMTP_URL);

export type SignedInUser = { id: string; email: string; name: string | null; sessionId: string | null };

/** The account of this request's session, or null (no session, or its account is gone). */
export async function signedInUser(): Promise<SignedInUser | null> {
  const session = await auth();
  const id = session?.user?.id;
  const user = id ? await db.user.findUnique({ where: { id }, select: { id: true, email: true, name: true } }) : null;
  return user && { ...user, sessionId: session?.sessionId ?? null };
}
