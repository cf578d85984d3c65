import type { ReactNode } from 'react';

/**
 * How the app lets a competition page (competitions feature) host the predictions board
 * (predictions feature) without either importing the other: the page passes what only it
 * knows (its heading texts), the board decides who may play.
 */
export type PlayerStatus = 'loading' | 'signed_out' | 'no_team' | 'playing';

export interface BoardSlot {
  /** The page's heading block, which may depend on whether the visitor can play. */
  header?: (status: PlayerStatus) => ReactNode;
}

export type RenderBoard = (slot: BoardSlot) => ReactNode;
