"use client";

import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART_COLORS } from "./chart-colors";

/** Views per day as an area, the days labelled month-day. */
export function ViewsOverTimeChart({ data }: { data: Array<{ day: string; views: number }> }) {
  return (
    <figure aria-label="Views per day" className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -20 }}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="day" tickLine={false} axisLine={false} fontSize={11} tickFormatter={(d: string) => d.slice(5)} minTickGap={24} />
          <YAxis tickLine={false} axisLine={false} fontSize={12} allowDecimals={false} />
          <Tooltip labelFormatter={(d) => String(d)} />
          <Area
            dataKey="views"
            name="Views"
            stroke={CHART_COLORS.brand}
            fill={CHART_COLORS.brand}
            fillOpacity={0.15}
            strokeWidth={2}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </figure>
  );
}
