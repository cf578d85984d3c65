import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ListOrdered, Plus, UserPlus } from 'lucide-react';
import { useMe } from '../account/api';
import { useLeagueDialogs } from '../lib/league-dialogs-context';
import { myLeaguesQueryOptions } from '../lib/queries';
import { cn } from '../ui/cn';

/** The signed-in player's leagues (none when signed out). */
const useMyLeagues = () => {
  const signedIn = Boolean(useMe().data?.user);
  const leagues = useQuery({ ...myLeaguesQueryOptions, enabled: signedIn });
  return signedIn ? (leagues.data ?? []) : [];
};

/** Join League and Create League under the list: a player in one league finds the next. */
const MoreLeagues = ({ onChoose, className }: { onChoose: () => void; className: string }) => {
  const { t } = useTranslation();
  const dialogs = useLeagueDialogs();
  const item =
    'flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-left text-sm font-semibold text-brand-text hover:bg-surface-muted';
  return (
    <li className={className}>
      <button
        type="button"
        className={item}
        onClick={() => {
          onChoose();
          dialogs.openJoin();
        }}
        data-testid="my-leagues-join"
      >
        <UserPlus aria-hidden="true" className="size-4" />
        {t('leagues.home.joinLeague')}
      </button>
      <button
        type="button"
        className={item}
        onClick={() => {
          onChoose();
          dialogs.openCreate();
        }}
        data-testid="my-leagues-create"
      >
        <Plus aria-hidden="true" className="size-4" />
        {t('leagues.home.createLeague')}
      </button>
    </li>
  );
};

/** Each league one tap from its standings; from its conversation when it has unread messages. */
const leagueLink = (league: { id: string; unread: number }) =>
  league.unread > 0 ? `/league/${league.id}` : `/league/${league.id}/standings`;

/** Messages of others not read yet in the league's feed (issue 32): '99+' past 99. */
const Unread = ({ count }: { count: number }) => {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span
      className="ml-auto inline-flex min-w-6 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-bold tabular-nums text-on-primary"
      data-testid="my-leagues-unread"
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{t('nav.unread', { count })}</span>
    </span>
  );
};

const LeagueLabel = ({
  league,
}: {
  league: { name: string; competitionName: string; unread: number };
}) => (
  <span className="flex min-w-0 items-center gap-2">
    <span className="flex min-w-0 flex-col">
      <span className="break-words font-semibold text-fg">{league.name}</span>
      <span className="break-words text-xs text-fg-muted">{league.competitionName}</span>
    </span>
    <Unread count={league.unread} />
  </span>
);

/**
 * 'My leagues' in the header's navigation: a disclosure listing each league, one tap from its
 * standings. Closes on Escape, a click elsewhere or a change of page.
 */
export const MyLeaguesMenu = () => {
  const { t } = useTranslation();
  const leagues = useMyLeagues();
  const unread = leagues.reduce((sum, league) => sum + league.unread, 0);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (leagues.length === 0) return null;
  return (
    <div
      ref={root}
      className="relative ml-auto"
      // Closes once focus moves past it (Tab out of the list), as it does on a click elsewhere.
      onBlur={(event) => {
        if (event.relatedTarget && !root.current?.contains(event.relatedTarget as Node))
          setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        data-testid="nav-my-leagues"
        className="inline-flex min-h-11 items-center gap-1.5 whitespace-nowrap rounded-t-lg px-3 text-sm font-semibold text-[#cbd5e1] hover:bg-white/10 hover:text-white"
      >
        <ListOrdered aria-hidden="true" className="size-4" />
        {t('nav.myLeagues')}
        {unread > 0 ? (
          <span
            className="inline-flex size-2.5 rounded-full bg-[#fbbf24]"
            data-testid="nav-my-leagues-unread"
            title={t('nav.unread', { count: unread })}
          >
            <span className="sr-only">{t('nav.unread', { count: unread })}</span>
          </span>
        ) : null}
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 transition-transform', open && 'rotate-180')}
        />
      </button>
      {open ? (
        <ul
          id={panelId}
          className="absolute right-0 top-full z-40 mt-1 flex w-72 flex-col rounded-xl border border-line bg-surface p-1.5 text-fg shadow-xl"
          data-testid="my-leagues-panel"
        >
          {leagues.map((league) => (
            <li key={league.id}>
              <Link
                to={leagueLink(league)}
                onClick={() => setOpen(false)}
                className="flex min-h-11 flex-col justify-center rounded-lg px-3 py-1.5 hover:bg-surface-muted"
                data-testid="my-leagues-link"
              >
                <LeagueLabel league={league} />
              </Link>
            </li>
          ))}
          <MoreLeagues onChoose={() => setOpen(false)} className="mt-1 border-t border-line pt-1" />
        </ul>
      ) : null}
    </div>
  );
};

/** The same list in the mobile menu: each league one tap from its standings. */
export const MyLeaguesLinks = ({ onNavigate }: { onNavigate: () => void }) => {
  const { t } = useTranslation();
  const leagues = useMyLeagues();
  const headingId = useId();
  if (leagues.length === 0) return null;
  return (
    <nav aria-labelledby={headingId} className="border-t border-line pt-5">
      <h3 id={headingId} className="px-3 pb-2 text-sm font-semibold text-fg-muted">
        {t('nav.myLeagues')}
      </h3>
      <ul className="flex flex-col gap-1">
        {leagues.map((league) => (
          <li key={league.id}>
            <Link
              to={leagueLink(league)}
              onClick={onNavigate}
              className="flex min-h-12 flex-col justify-center rounded-lg px-3 hover:bg-surface-muted"
              data-testid="mobile-my-leagues-link"
            >
              <LeagueLabel league={league} />
            </Link>
          </li>
        ))}
        <MoreLeagues onChoose={onNavigate} className="mt-1" />
      </ul>
    </nav>
  );
};
