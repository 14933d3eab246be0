import type { IncomingMessage, ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { logger } from "../log/logger";
import { type RequestContext, runInRequest } from "../log/request-context";
import { recordRequest } from "../metrics/http-metrics";
import { routeTemplateMatcher } from "./route-template";

/**
 * Serves each request inside its own context (its id, then its route template and team as the
 * handlers learn them) and, once it is answered, writes its one log line and counts it. The route
 * is the finer template a handler noted (an /api/v1 operation's path) or else the app's own.
 */
export function observedRequests(
  routeTemplates: readonly string[],
  serve: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  const templateOf = routeTemplateMatcher(routeTemplates);
  const log = logger("http");
  return (req, res) => {
    const started = process.hrtime.bigint();
    const context: RequestContext = { requestId: randomUUID() };
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const method = req.method ?? "GET";
      const route = context.route ?? templateOf((req.url ?? "/").split("?", 1)[0]!);
      recordRequest(method, route, res.statusCode, seconds);
      log.info(
        {
          requestId: context.requestId,
          method,
          route,
          status: res.statusCode,
          durationMs: Math.round(seconds * 1000),
          ...(context.teamId ? { teamId: context.teamId } : {}),
        },
        "request",
      );
    });
    runInRequest(context, () => serve(req, res));
  };
}
