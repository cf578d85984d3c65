import type { ReactNode } from 'react';

/**
 * How the app lets a competition page (competitions feature) host the predictions board
 * (predictions feature) without either importing the other: the page passes what only it
 * knows (its heading texts, where the board sits), the board decides who may play and which
 * season and round are shown, and tells the heading.
 */
export type PlayerStatus = 'loading' | 'signed_out' | 'no_team' | 'playing';

/** What the board shows, for the page's heading ('Make your predictions for Matchday 13'). */
export interface BoardView {
  status: PlayerStatus;
  /** The season shown ('2026-27'); null until the fixtures have loaded, or without any. */
  season: string | null;
  /**
   * The round shown, translated: its name, and with its place when numbered ('… of 46'); `open`
   * while any of its fixtures still takes picks.
   */
  round: { label: string; name: string; nameOfTotal: string; open: boolean } | null;
}

export interface BoardSlot {
  /** The page's heading block, which may depend on whether the visitor can play. */
  header?: (view: BoardView) => ReactNode;
  /** Wraps the board below the heading (the tournament page puts it in its Fixtures tab). */
  frame?: (board: ReactNode, view: BoardView) => ReactNode;
}

export type RenderBoard = (slot: BoardSlot) => ReactNode;
