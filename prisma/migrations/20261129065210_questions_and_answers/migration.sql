-- CreateEnum
CREATE TYPE "question_status" AS ENUM ('open', 'closed');

-- CreateEnum
CREATE TYPE "answer_visibility" AS ENUM ('asker', 'group', 'room');

-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "allow_questions" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "questions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "team_id" UUID NOT NULL,
    "document_id" UUID,
    "room_id" UUID,
    "share_code" VARCHAR(10) NOT NULL,
    "group_id" UUID,
    "page" INTEGER,
    "text" TEXT NOT NULL,
    "asker_email" TEXT NOT NULL,
    "status" "question_status" NOT NULL DEFAULT 'open',
    "assignee_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "closed_at" TIMESTAMPTZ(3),

    CONSTRAINT "questions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "answers" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "question_id" UUID NOT NULL,
    "author_id" UUID,
    "text" TEXT NOT NULL,
    "visibility" "answer_visibility" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "answers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "answer_revisions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "answer_id" UUID NOT NULL,
    "text" TEXT NOT NULL,
    "author_id" UUID,
    "written_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "answer_revisions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "questions_team_id_created_at_id_idx" ON "questions"("team_id", "created_at" DESC, "id");

-- CreateIndex
CREATE INDEX "questions_document_id_created_at_idx" ON "questions"("document_id", "created_at");

-- CreateIndex
CREATE INDEX "questions_room_id_created_at_idx" ON "questions"("room_id", "created_at");

-- CreateIndex
CREATE INDEX "questions_assignee_id_idx" ON "questions"("assignee_id");

-- CreateIndex
CREATE INDEX "answers_question_id_created_at_idx" ON "answers"("question_id", "created_at");

-- CreateIndex
CREATE INDEX "answers_author_id_idx" ON "answers"("author_id");

-- CreateIndex
CREATE INDEX "answer_revisions_answer_id_written_at_idx" ON "answer_revisions"("answer_id", "written_at");

-- AddForeignKey
ALTER TABLE "questions" ADD CONSTRAINT "questions_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questions" ADD CONSTRAINT "questions_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questions" ADD CONSTRAINT "questions_room_id_fkey" FOREIGN KEY ("room_id") REFERENCES "rooms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "questions" ADD CONSTRAINT "questions_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_fkey" FOREIGN KEY ("question_id") REFERENCES "questions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "answers" ADD CONSTRAINT "answers_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "answer_revisions" ADD CONSTRAINT "answer_revisions_answer_id_fkey" FOREIGN KEY ("answer_id") REFERENCES "answers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
