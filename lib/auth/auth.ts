import { PrismaAdapter } from "@auth/prisma-adapter";
import NextAuth, { CredentialsSignin, type DefaultSession } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import Nodemailer from "next-auth/providers/nodemailer";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { config } from "../config";
import { db } from "../db/client";
import { clientAddress } from "../request/server-headers";
import { findUserByEmail } from "../users/create-user";
import { claimUnverifiedAccount } from "../users/claim-unverified-account";
import { currentSessionVersion } from "../users/session-version";
import { authenticatePassword } from "./authenticate-password";
import { REQUESTED_PATH_HEADER, signInPath } from "./callback-path";
import { sendMagicLink } from "./send-magic-link";

declare module "next-auth" {
  interface Session {
    user: { id: string } & DefaultSession["user"];
  }
}

declare module "@auth/core/jwt" {
  interface JWT {
    /** The account's session version when this session began (see currentSessionVersion). */
    sv?: number;
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
  session: { strategy: "jwt" },
  // A refused sign-in is an expected answer, not a server error: a flood of them must not flood the log.
  logger: {
    error(error) {
      if (!(error instanceof CredentialsSignin)) console.error("[auth]", error);
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
        token.sv = (await currentSessionVersion(user.id)) ?? undefined;
        return token;
      }
      // A session from before the account's sessions were ended (or of a deleted account) is over.
      if (!token.sub || token.sv === undefined || token.sv !== (await currentSessionVersion(token.sub))) return null;
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
}));

export const magicLinkEnabled = () => Boolean(config().SMTP_URL);

/** The signed-in owner, or a redirect to sign-in. Every dashboard page and server action starts here. */
export async function requireUser(): Promise<{ id: string; email: string; name: string | null }> {
  const session = await auth();
  const id = session?.user?.id;
  const user = id ? await db.user.findUnique({ where: { id }, select: { id: true, email: true, name: true } }) : null;
  if (!user) redirect(signInPath((await headers()).get(REQUESTED_PATH_HEADER)));
  return user;
}
