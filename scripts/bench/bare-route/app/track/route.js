/** The floor bench:ingest compares the track route with: parse the same JSON body and answer. */
export async function POST(req) {
  const body = JSON.parse((await req.text()) || "{}");
  return Response.json({ visit_id: body.visit_id ?? null, applied: Array.isArray(body.pages) });
}
