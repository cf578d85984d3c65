import { z } from 'zod';
import { errorCatalogue } from './errors';
import { cleanName } from './league-names';

// Names people choose (leagues, teams, display names, fixture teams): cleaned of invisible
// characters, and refused when a word mixes alphabets (decision 017).

/**
 * Every script of Unicode 15 (ISO 15924 codes); an engine that lacks one skips it, and letters
 * of a script not listed (newer ones) are left out of the test.
 */
const scriptCodes = (
  'Latn Grek Cyrl Armn Geor Hebr Arab Deva Beng Thai Hani Hira Kana Hang Bopo Adlm Aghb Ahom ' +
  'Armi Avst Bali Bamu Bass Batk Bhks Brah Brai Bugi Buhd Cakm Cans Cari Cham Cher Chrs Copt ' +
  'Cpmn Cprt Diak Dogr Dsrt Dupl Egyp Elba Elym Ethi Glag Gong Gonm Goth Gran Gujr Guru Hano ' +
  'Hatr Hluw Hmng Hmnp Hung Ital Java Kali Kawi Khar Khmr Khoj Kits Knda Kthi Lana Laoo Lepc ' +
  'Limb Lina Linb Lisu Lyci Lydi Mahj Maka Mand Mani Marc Medf Mend Merc Mero Mlym Modi Mong ' +
  'Mroo Mtei Mult Mymr Nagm Nand Narb Nbat Newa Nkoo Nshu Ogam Olck Orkh Orya Osge Osma Ougr ' +
  'Palm Pauc Perm Phag Phli Phlp Phnx Plrd Prti Rjng Rohg Runr Samr Sarb Saur Sgnw Shaw Shrd ' +
  'Sidd Sind Sinh Sogd Sogo Sora Soyo Sund Sylo Syrc Tagb Takr Tale Talu Taml Tang Tavt Telu ' +
  'Tfng Tglg Thaa Tibt Tirh Tnsa Toto Ugar Vaii Vith Wara Wcho Xpeo Xsux Yezi Yiii Zanb'
).split(' ');

/** UTS #39's augmentation: Japanese, Korean and Han with Bopomofo are one writing system each. */
const augmented: Record<string, string[]> = {
  Jpan: ['Hani', 'Hira', 'Kana'],
  Kore: ['Hani', 'Hang'],
  Hanb: ['Hani', 'Bopo'],
};

let scripts: Map<string, RegExp> | undefined;
/** Built on first use: the web app's first download does not pay for it. */
const scriptTests = (): Map<string, RegExp> => {
  if (scripts) return scripts;
  scripts = new Map();
  for (const code of scriptCodes) {
    try {
      scripts.set(code, new RegExp(`\\p{Script_Extensions=${code}}`, 'u'));
    } catch {
      // An older Unicode in this engine: its letters are left out of the test.
    }
  }
  return scripts;
};

const commonOrInherited = /[\p{Script_Extensions=Zyyy}\p{Script_Extensions=Zinh}]/u;

const inScript = (char: string, script: string): boolean => {
  const parts = augmented[script];
  if (parts) return parts.some((part) => inScript(char, part));
  if (/[A-Za-z]/.test(char)) return script === 'Latn';
  return scriptTests().get(script)?.test(char) ?? false;
};

/**
 * Whether a word is of no single script: the intersection of its characters' augmented
 * Script_Extensions (UTS #39 §5.1, digits, punctuation and combining marks of any script
 * left out) is empty. 'Guеst' with a Cyrillic 'е' mixes; 'Москва', '東京タワー' do not.
 */
const mixesScripts = (word: string): boolean => {
  let resolved: string[] | undefined;
  for (const char of word) {
    if (char < 'A' || commonOrInherited.test(char)) continue;
    const candidates = resolved ?? [...scriptTests().keys(), ...Object.keys(augmented)];
    const left = candidates.filter((script) => inScript(char, script));
    if (left.length > 0) resolved = left;
    // A letter of a script this list (or engine) does not know is left out, like a digit.
    else if ([...scriptTests().keys()].some((script) => inScript(char, script))) return true;
  }
  return false;
};

/** The first word of a name that mixes alphabets, if any. */
export const mixedScriptWord = (name: string): string | undefined =>
  cleanName(name)
    .split(' ')
    .find((word) => mixesScripts(word));

/**
 * A name field: cleaned first (so a name of invisible characters only is an empty one), then
 * 1 (or, `allowEmpty`, 0) to `max` characters, then no word mixing alphabets (the issue names
 * its error code). Without `required` zod's own messages apply.
 */
export const nameText = ({
  required,
  tooLong,
  max,
  allowEmpty = false,
}: {
  required?: string;
  tooLong?: string;
  max: number;
  allowEmpty?: boolean;
}) =>
  z
    .string(required ? { error: required } : undefined)
    .overwrite(cleanName)
    .min(allowEmpty ? 0 : 1, required ? { error: required } : undefined)
    .max(max, tooLong ? { error: tooLong } : undefined)
    .refine((name) => mixedScriptWord(name) === undefined, {
      error: errorCatalogue.NAME_MIXES_SCRIPTS.message,
      params: { code: 'NAME_MIXES_SCRIPTS' },
    });

export const displayNameMax = 50;

/**
 * A display name as typed: cleaned of invisible characters and line breaks (decision 017),
 * 1–50 characters (the spec's message when empty), no word mixing alphabets.
 */
export const displayName = (
  value: unknown,
):
  | { ok: true; name: string }
  | { ok: false; code: 'INVALID_NAME' | 'NAME_MIXES_SCRIPTS'; message: string } => {
  const invalid = (message: string) => ({
    ok: false as const,
    code: 'INVALID_NAME' as const,
    message,
  });
  if (typeof value !== 'string') return invalid('Display name is required for signup');
  const name = cleanName(value);
  if (name === '') return invalid('Display name is required for signup');
  if (name.length > displayNameMax)
    return invalid(`Display names are at most ${displayNameMax} characters.`);
  if (mixedScriptWord(name) !== undefined) {
    const { message } = errorCatalogue.NAME_MIXES_SCRIPTS;
    return { ok: false, code: 'NAME_MIXES_SCRIPTS', message };
  }
  return { ok: true, name };
};

/** A name from an identity provider: cleaned and clipped, never refused. */
export const clipName = (name: string | null | undefined) =>
  cleanName(name ?? '')
    .slice(0, displayNameMax)
    .trim() || 'Player';
