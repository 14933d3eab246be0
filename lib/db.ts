import { PrismaPg } from "@prisma/adapter-pg";
import { databaseUrl } from "./config";
import { PrismaClient } from "./generated/prisma/client";

/**
 * One Prisma client and one connection pool per process, created on first use so that importing
 * a module (as `next build` does) never needs a database.
 */
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

function client(): PrismaClient {
  globalForPrisma.prisma ??= new PrismaClient({
    adapter: new PrismaPg({ connectionString: databaseUrl(), max: 10, connectionTimeoutMillis: 5_000 }),
  });
  return globalForPrisma.prisma;
}

export const db = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const target = client();
    const value: unknown = Reflect.get(target, property, target);
    return typeof value === "function" ? value.bind(target) : value;
  },
});

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
