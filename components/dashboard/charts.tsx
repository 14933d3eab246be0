"use client";

import { Area, AreaChart, Bar, BarChart, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { type Column, DataTable } from "@/components/ui/data-table";

const BRAND = "#2453e0";
const AMBER = "#f59e0b";

type FunnelStep = { page: number; reached: number; avg_time_seconds: number };
/** Pages 1..`pages` of the document `code` have thumbnails. */
export type FunnelThumbnails = { code: string; pages: number };

const FUNNEL_COLUMNS: Array<Column<FunnelStep>> = [
  { key: "page", header: "Page", rowHeader: true, cell: (d) => d.page },
  { key: "reached", header: "Visits that got this far", cell: (d) => d.reached },
  { key: "time", header: "Average seconds on page", cell: (d) => d.avg_time_seconds },
];

/** A funnel bar pointed at: the page's picture (when it has one) and its figures. */
function FunnelTooltip({ step, thumbnails }: { step: FunnelStep; thumbnails?: FunnelThumbnails }) {
  return (
    <div className="flex gap-3 rounded-md border border-slate-200 bg-white p-2 text-xs shadow-md" data-testid="funnel-tooltip">
      {thumbnails && step.page <= thumbnails.pages && (
        // A plain <img>: the owner's thumbnail route serves it already small.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={`/api/dashboard/documents/${thumbnails.code}/pages/${step.page}`}
          alt=""
          className="w-20 rounded-sm border border-slate-200 bg-white"
        />
      )}
      <dl className="space-y-1">
        <dt className="font-medium text-slate-900">Page {step.page}</dt>
        <dd className="text-slate-600">
          {step.reached} {step.reached === 1 ? "visit" : "visits"} got this far
        </dd>
        <dd className="text-slate-600">{step.avg_time_seconds} s on average</dd>
      </dl>
    </div>
  );
}

/**
 * The reading funnel (bars: visits whose furthest viewed page reached the page, never rising) with
 * the mean reading time per page as a separate series (line, own axis).
 */
export function ReadingFunnelChart({ data, thumbnails }: { data: FunnelStep[]; thumbnails?: FunnelThumbnails }) {
  return (
    <figure aria-label="Reading funnel: visits that reached each page, and average time on each page">
      <div className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
            <CartesianGrid stroke="#e2e8f0" vertical={false} />
            <XAxis dataKey="page" tickLine={false} axisLine={false} fontSize={12} />
            <YAxis yAxisId="visits" tickLine={false} axisLine={false} fontSize={12} allowDecimals={false} />
            <YAxis yAxisId="time" orientation="right" tickLine={false} axisLine={false} fontSize={12} unit="s" />
            <Tooltip
              content={({ active, payload }) => {
                const step = active ? (payload?.[0]?.payload as FunnelStep | undefined) : undefined;
                return step ? <FunnelTooltip step={step} thumbnails={thumbnails} /> : null;
              }}
            />
            <Bar
              yAxisId="visits"
              dataKey="reached"
              name="Visits that got this far"
              fill={BRAND}
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
            <Line
              yAxisId="time"
              dataKey="avg_time_seconds"
              name="Avg. time"
              stroke={AMBER}
              strokeWidth={2}
              dot={{ r: 2 }}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      {/* A table ignores a width smaller than its content, so the hiding is done by a wrapper. */}
      <DataTable
        variant="screen-reader"
        className="sr-only"
        data-testid="funnel-table"
        caption="Reading funnel"
        columns={FUNNEL_COLUMNS}
        rows={data}
        rowKey={(d) => String(d.page)}
      />
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        <span>
          <span aria-hidden className="mr-1 inline-block h-2 w-3 rounded-sm" style={{ background: BRAND }} />
          Visits that got this far (furthest page viewed)
        </span>
        <span>
          <span aria-hidden className="mr-1 inline-block h-0.5 w-3 align-middle" style={{ background: AMBER }} />
          Average time on page
        </span>
      </figcaption>
    </figure>
  );
}

export function ViewsOverTimeChart({ data }: { data: Array<{ day: string; views: number }> }) {
  return (
    <figure aria-label="Views per day" className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="day" tickLine={false} axisLine={false} fontSize={11} tickFormatter={(d: string) => d.slice(5)} minTickGap={24} />
          <YAxis tickLine={false} axisLine={false} fontSize={12} allowDecimals={false} />
          <Tooltip labelFormatter={(d) => String(d)} />
          <Area dataKey="views" name="Views" stroke={BRAND} fill={BRAND} fillOpacity={0.15} strokeWidth={2} isAnimationActive={false} />
        </AreaChart>
      </ResponsiveContainer>
    </figure>
  );
}

const LEVEL_COLORS: Record<string, string> = {
  high_interest: "#e11d48",
  read: "#f59e0b",
  skimmed: "#0ea5e9",
  opened: "#94a3b8",
  not_opened: "#e2e8f0",
};

export function EngagementChart({ data }: { data: Array<{ key: string; label: string; count: number }> }) {
  return (
    <figure aria-label="Documents by engagement level" className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 24 }}>
          <XAxis type="number" hide allowDecimals={false} />
          <YAxis type="category" dataKey="label" tickLine={false} axisLine={false} fontSize={12} width={90} />
          <Tooltip />
          <Bar
            dataKey="count"
            name="Documents"
            radius={[0, 3, 3, 0]}
            isAnimationActive={false}
            label={{ position: "right", fontSize: 12 }}
            shape={(props: unknown) => {
              const p = props as { x: number; y: number; width: number; height: number; payload: { key: string } };
              return <rect x={p.x} y={p.y} width={p.width} height={p.height} rx={3} fill={LEVEL_COLORS[p.payload.key] ?? BRAND} />;
            }}
          />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
