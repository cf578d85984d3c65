import {
  BellRing,
  Eye,
  Hourglass,
  ListOrdered,
  Lock,
  ShieldCheck,
  Sparkles,
  Timer,
  Trophy,
  Whistle,
  type LucideIcon,
} from 'lucide-react';

/**
 * The rules the server applies (docs/design.md §3), section by section. Texts live under
 * `rules.sections.<id>` (title, intro?, items.<item>) and worked examples under
 * `rules.examples.<id>` (pick, result, points).
 */
export interface RulesSection {
  id: string;
  icon: LucideIcon;
  intro?: boolean;
  items: readonly string[];
  examples?: readonly string[];
  link?: { to: string; testId: string };
}

export const rulesSections: readonly RulesSection[] = [
  {
    id: 'points',
    icon: Trophy,
    intro: true,
    items: ['outcome', 'minute', 'independent'],
    examples: ['exact', 'outcomeOnly', 'minuteOnly'],
  },
  {
    id: 'minute',
    icon: Timer,
    items: ['range', 'zero', 'firstHalf', 'secondHalf'],
    examples: ['stoppage'],
  },
  {
    id: 'regularTime',
    icon: Whistle,
    items: ['ninety', 'draw', 'onlyExtra'],
    examples: ['extraTime'],
  },
  {
    id: 'jokers',
    icon: Sparkles,
    items: ['count', 'double', 'move', 'remaining'],
    examples: ['joker'],
  },
  { id: 'deadlines', icon: Lock, items: ['lock', 'late', 'batch', 'kept', 'tbd'] },
  { id: 'visibility', icon: Eye, items: ['before', 'after'] },
  { id: 'standings', icon: ListOrdered, items: ['order', 'ties', 'shared', 'rounds'] },
  { id: 'pending', icon: Hourglass, items: ['outcome', 'later', 'corrections'] },
  { id: 'roles', icon: ShieldCheck, items: ['site', 'league'] },
  {
    id: 'reminders',
    icon: BellRing,
    items: ['what', 'when', 'stop'],
    link: { to: '/team', testId: 'rules-team-link' },
  },
];

/** The summary tiles at the top: a big figure (`rules.glance.<id>.figure`) or an icon, and a caption. */
export const rulesAtAGlance: readonly { id: string; icon?: LucideIcon }[] = [
  { id: 'outcome' },
  { id: 'minute' },
  { id: 'joker' },
  { id: 'lock', icon: Lock },
];
