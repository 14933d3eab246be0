"use client";

import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { type Column, DataTable } from "@/components/ui/data-table";
import { CHART_COLORS } from "./chart-colors";
import { type FunnelStep, type FunnelThumbnails, FunnelTooltip } from "./funnel-tooltip";

const { brand: BRAND, amber: AMBER } = CHART_COLORS;

const FUNNEL_COLUMNS: Array<Column<FunnelStep>> = [
  { key: "page", header: "Page", rowHeader: true, cell: (d) => d.page },
  { key: "reached", header: "Visits that got this far", cell: (d) => d.reached },
  { key: "time", header: "Average seconds on page", cell: (d) => d.avg_time_seconds },
];

/**
 * The reading funnel (bars: visits whose furthest viewed page reached the page, never rising) with
 * the mean reading time per page as a separate series (line, own axis), over the pages of the
 * version `name`d, which its label and table say too.
 */
export function ReadingFunnelChart({ name, data, thumbnails }: { name: string; data: FunnelStep[]; thumbnails?: FunnelThumbnails }) {
  return (
    <figure aria-label={`Reading funnel of ${name}: visits that reached each page, and average time on each page`}>
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
        caption={`Reading funnel of ${name}`}
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
