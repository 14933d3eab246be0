"use client";

import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART_COLORS } from "./chart-colors";

const LEVEL_COLORS: Record<string, string> = {
  high_interest: "#e11d48",
  read: "#f59e0b",
  skimmed: "#0ea5e9",
  opened: "#94a3b8",
  not_opened: "#e2e8f0",
};

/** How many documents sit at each engagement level: one horizontal bar per level, in its colour. */
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
              return (
                <rect x={p.x} y={p.y} width={p.width} height={p.height} rx={3} fill={LEVEL_COLORS[p.payload.key] ?? CHART_COLORS.brand} />
              );
            }}
          />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
