import type { StoryCall, StoryLine } from './story-lines';

/**
 * The matchday story as an image to share (issue 33): drawn in the browser on a canvas — no
 * server renderer, no public page — in the page's own colours (light or dark), 1080 px wide for
 * a phone's share sheet. Long names wrap, and a line that would not fit is cut with '…'.
 */

export interface StoryImageText {
  league: string;
  title: string;
  subtitle: string;
  lines: StoryLine[];
  numbersTitle: string;
  calls: StoryCall[];
  footer: string;
}

const width = 1080;
const pad = 72;
const font = (size: number, weight = 400) =>
  `${weight} ${size}px ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif, 'Noto Color Emoji', 'Apple Color Emoji'`;

/** The theme's colours as the page has them now (the dark theme follows the system). */
const palette = () => {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) =>
    style.getPropertyValue(`--color-${name}`).trim() || fallback;
  return {
    page: token('page', '#eef5f0'),
    surface: token('surface', '#ffffff'),
    muted: token('surface-muted', '#f1f6f2'),
    fg: token('fg', '#0b1f3a'),
    fgMuted: token('fg-muted', '#475569'),
    line: token('line', '#cfdcd3'),
    brand: token('brand-text', '#166534'),
    primary: token('primary', '#15803d'),
    pitch: token('pitch', '#166534'),
    pitchDark: token('pitch-dark', '#14532d'),
    navy: token('navy-2', '#132c4f'),
  };
};

/** Words (and, for names with no spaces, characters) into lines of at most `max` px, `rows` at most. */
const wrap = (ctx: CanvasRenderingContext2D, text: string, max: number, rows: number) => {
  const fits = (value: string) => ctx.measureText(value).width <= max;
  const out: string[] = [];
  let line = '';
  let cut = false;
  words: for (const word of text.trim().split(/\s+/)) {
    const tried = line ? `${line} ${word}` : word;
    if (fits(tried)) {
      line = tried;
      continue;
    }
    if (line) {
      out.push(line);
      line = '';
      if (out.length === rows) {
        cut = true;
        break;
      }
    }
    if (fits(word)) {
      line = word;
      continue;
    }
    // A word longer than a line on its own (a long name): cut by graphemes.
    for (const { segment } of new Intl.Segmenter().segment(word)) {
      if (!fits(line + segment)) {
        out.push(line);
        line = '';
        if (out.length === rows) {
          cut = true;
          break words;
        }
      }
      line += segment;
    }
  }
  if (!cut && line) {
    if (out.length < rows) out.push(line);
    else cut = true;
  }
  const last = out.at(-1);
  if (cut && last !== undefined) {
    // Shortened by whole characters (an emoji is never cut in half).
    const chars = [...new Intl.Segmenter().segment(last)].map((g) => g.segment);
    while (chars.length > 0 && !fits(`${chars.join('')}…`)) chars.pop();
    out[out.length - 1] = `${chars.join('').trimEnd()}…`;
  }
  return out;
};

/** Draws the story and returns the canvas (its height fits what was drawn). */
export const drawStory = (text: StoryImageText, canvas = document.createElement('canvas')) => {
  const c = palette();
  const draft = document.createElement('canvas').getContext('2d');
  if (!draft) throw new Error('no 2d canvas');
  const inner = width - pad * 2;

  // Measure first: the lines decide the height (at most 1920, a phone's tall screen).
  type Op = (ctx: CanvasRenderingContext2D, y: number) => void;
  const ops: { height: number; draw: Op }[] = [];
  const textBlock = (
    value: string,
    size: number,
    weight: number,
    colour: string,
    rows: number,
    /** Drawn before the text, in the same step (never one without the other). */
    icon?: string,
  ) => {
    const indent = icon === undefined ? 0 : 64;
    draft.font = font(size, weight);
    const lines = wrap(draft, value, inner - indent, rows);
    const lineHeight = Math.round(size * 1.3);
    ops.push({
      height: lines.length * lineHeight,
      draw: (ctx, y) => {
        ctx.fillStyle = colour;
        if (icon !== undefined) {
          ctx.font = font(size);
          ctx.fillText(icon, pad, y + size);
        }
        ctx.font = font(size, weight);
        lines.forEach((l, i) => ctx.fillText(l, pad + indent, y + size + i * lineHeight));
      },
    });
  };
  const gap = (height: number) => ops.push({ height, draw: () => undefined });

  const header = 300;
  for (const line of text.lines.slice(0, 9)) {
    const size = line.kind === 'winner' ? 44 : 34;
    const winner = line.kind === 'winner';
    textBlock(line.text, size, winner ? 700 : 400, c.fg, winner ? 3 : 2, line.icon);
    gap(line.kind === 'winner' ? 36 : 22);
  }
  const calls = text.calls.slice(0, 4);
  if (calls.length > 0) {
    gap(12);
    textBlock(text.numbersTitle, 30, 700, c.brand, 1);
    gap(16);
    for (const call of calls) {
      textBlock(`${call.match} · ${call.text}`, 28, 400, c.fgMuted, 2);
      gap(10);
      ops.push({
        height: 14,
        draw: (ctx, y) => {
          ctx.fillStyle = c.muted;
          ctx.fillRect(pad, y, inner, 14);
          ctx.fillStyle = c.primary;
          ctx.fillRect(pad, y, call.of === 0 ? 0 : (inner * call.right) / call.of, 14);
        },
      });
      gap(22);
    }
  }
  const body = ops.reduce((sum, op) => sum + op.height, 0);
  const footer = 110;
  const height = Math.min(1920, Math.max(1350, header + 56 + body + footer));

  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  ctx.fillStyle = c.surface;
  ctx.fillRect(0, 0, width, height);
  // The header in the pitch's colours, as the home page's hero.
  const band = ctx.createLinearGradient(0, 0, width, header);
  band.addColorStop(0, c.pitchDark);
  band.addColorStop(0.55, c.pitch);
  band.addColorStop(1, c.navy);
  ctx.fillStyle = band;
  ctx.fillRect(0, 0, width, header);
  ctx.fillStyle = '#ffffff';
  ctx.font = font(32, 600);
  const [league] = wrap(ctx, `⚽  ${text.league}`, inner, 1);
  ctx.fillText(league ?? '', pad, 92);
  ctx.font = font(60, 800);
  wrap(ctx, text.title, inner, 2).forEach((l, i) => ctx.fillText(l, pad, 170 + i * 70));
  ctx.font = font(28, 400);
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.fillText(wrap(ctx, text.subtitle, inner, 1)[0] ?? '', pad, header - 30);

  let y = header + 56;
  for (const op of ops) {
    if (y + op.height > height - footer) break;
    op.draw(ctx, y);
    y += op.height;
  }
  ctx.fillStyle = c.line;
  ctx.fillRect(pad, height - footer + 10, inner, 2);
  ctx.fillStyle = c.brand;
  ctx.font = font(30, 700);
  ctx.fillText(text.footer, pad, height - 40);
  return canvas;
};

const blobOf = (canvas: HTMLCanvasElement) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/png'),
  );

/**
 * Shares the image through the device's share sheet where it takes files, else downloads it.
 * 'shared', 'downloaded', or 'cancelled' (the player closed the sheet).
 */
export const shareStoryImage = async (
  text: StoryImageText,
  fileName: string,
): Promise<'shared' | 'downloaded' | 'cancelled'> => {
  const blob = await blobOf(drawStory(text));
  const file = new File([blob], fileName, { type: 'image/png' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: text.title });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Refused (the tap's activation spent while drawing, as Safari may): download instead.
      if (!(error instanceof DOMException && error.name === 'NotAllowedError')) throw error;
    }
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return 'downloaded';
};
