import { useFormat } from '../../lib/format';

const colours = {
  1: { ribbon: '#1d4ed8', fill: '#facc15', edge: '#a16207', text: '#422006' },
  2: { ribbon: '#1d4ed8', fill: '#e2e8f0', edge: '#64748b', text: '#0f172a' },
  3: { ribbon: '#1d4ed8', fill: '#f59e0b', edge: '#9a3412', text: '#431407' },
} as const;

/**
 * Our own medal for ranks 1-3 (spec §2.10); other ranks show just the number. Before anyone
 * has scored (`medal` false) every team shares rank 1 and medals would mean nothing.
 */
export const RankBadge = ({
  rank,
  label,
  medal = true,
}: {
  rank: number;
  label: string;
  medal?: boolean;
}) => {
  const format = useFormat();
  if (!medal || (rank !== 1 && rank !== 2 && rank !== 3)) {
    return (
      <span className="inline-flex min-w-8 justify-center font-semibold tabular-nums text-fg">
        {format.number(rank)}
      </span>
    );
  }
  const c = colours[rank];
  return (
    <svg
      viewBox="0 0 32 32"
      role="img"
      aria-label={label}
      className="size-8 shrink-0"
      data-testid={`medal-${rank}`}
    >
      <path d="M9 2h6l3 10h-6z" fill={c.ribbon} />
      <path d="M23 2h-6l-3 10h6z" fill={c.ribbon} opacity="0.8" />
      <circle cx="16" cy="20" r="10" fill={c.fill} stroke={c.edge} strokeWidth="2" />
      <text
        x="16"
        y="24.5"
        textAnchor="middle"
        fontSize="12"
        fontWeight="800"
        fill={c.text}
        fontFamily="system-ui, sans-serif"
      >
        {rank}
      </text>
    </svg>
  );
};
