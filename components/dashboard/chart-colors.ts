/** The dashboard charts' series colours: the brand blue, and amber for a second series beside it. */
export const CHART_COLORS = { brand: "#2453e0", amber: "#f59e0b" } as const;
