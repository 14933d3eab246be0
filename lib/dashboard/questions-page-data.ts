import { db } from "../db/client";
import { listQuestions } from "../questions/list-questions";
import { listQuestionsQuery } from "../schemas/questions";

const ROOMS_LISTED = 200;

/**
 * The Questions page: the inbox's questions under the page's filters (`room_id`, `short_code`,
 * `status`, `assignee`, as the API takes them), the team's rooms and members for the filters and
 * the assignee choice. A filter that cannot be read is said, not thrown.
 */
export async function questionsPageData(teamId: string, params: Record<string, string | string[] | undefined>) {
  const single = Object.fromEntries(
    Object.entries(params).flatMap(([key, value]) => (typeof value === "string" && value ? [[key, value]] : [])),
  );
  const [rooms, members] = await Promise.all([
    db.room.findMany({
      where: { teamId, deletedAt: null },
      orderBy: { name: "asc" },
      take: ROOMS_LISTED,
      select: { id: true, name: true },
    }),
    db.teamMember.findMany({
      where: { teamId },
      orderBy: { joinedAt: "asc" },
      select: { user: { select: { id: true, name: true, email: true } } },
    }),
  ]);
  const people = members.map(({ user }) => ({ id: user.id, label: user.name ?? user.email }));
  const query = listQuestionsQuery.safeParse({ ...single, per_page: "50" });
  if (!query.success) return { rooms, members: people, filters: single, questions: [], total: 0, problem: query.error.issues[0]!.message };
  const { questions, pagination } = await listQuestions(teamId, query.data);
  return { rooms, members: people, filters: single, questions, total: pagination.total, problem: null };
}
