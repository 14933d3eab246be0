import { PrismaAdapter } from "@auth/prisma-adapter";
import NextAuth, { type DefaultSession } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import Nodemailer from "next-auth/providers/nodemailer";
import { redirect } from "next/navigation";
import { config } from "../config";
import { db } from "../db";
import { findUserByEmail } from "../users/create-user";
import { verifyPassword } from "./password-hash";

declare module "next-auth" {
  interface Session {
    user: { id: string } & DefaultSession["user"];
  }
}

/**
 * next-auth v5: email + password (Credentials) always, an email magic link when SMTP is
 * configured. JWT sessions (required with Credentials); the Prisma adapter stores magic-link
 * tokens. Configured lazily, so importing this module never reads configuration at build time.
 */
export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  adapter: PrismaAdapter(db),
  secret: config().AUTH_SECRET,
  trustHost: true,
  session: { strategy: "jwt" },
  pages: { signIn: "/sign-in", verifyRequest: "/sign-in/check-email", error: "/sign-in" },
  providers: [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials) {
        const email = String(credentials?.email ?? "").trim().toLowerCase();
        const password = String(credentials?.password ?? "");
        const user = email ? await findUserByEmail(email) : null;
        if (!user?.passwordHash || !(await verifyPassword(password, user.passwordHash))) return null;
        return { id: user.id, email: user.email, name: user.name };
      },
    }),
    ...(config().SMTP_URL ? [Nodemailer({ server: config().SMTP_URL, from: config().SMTP_FROM })] : []),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user?.id) token.sub = user.id;
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
  if (!user) redirect("/sign-in");
  return user;
}
