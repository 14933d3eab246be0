-- CreateEnum
CREATE TYPE "api_key_access" AS ENUM ('read', 'write');

-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "access" "api_key_access" NOT NULL DEFAULT 'write';
