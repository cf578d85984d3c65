/** The FirstGoal mark: a football, drawn by us (no external images). */
export const Logo = ({ className }: { className?: string }) => (
  <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
    <circle cx="16" cy="16" r="14" fill="#ffffff" stroke="#0b1f3a" strokeWidth="1.5" />
    <path d="M16 9.8l5.4 3.9-2 6.4h-6.8l-2-6.4z" fill="#0b1f3a" />
    <path
      d="M16 2.6v7.2M21.4 13.7l6.7-2.2M19.4 20.1l4.1 5.7M12.6 20.1l-4.1 5.7M10.6 13.7l-6.7-2.2"
      stroke="#0b1f3a"
      strokeWidth="1.5"
      fill="none"
    />
  </svg>
);
