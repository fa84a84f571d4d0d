// A player's bots on the page: the name check before asking the server, what runs a bot with its
// secret (the `skat bot --program` command line and the WebSocket hello, docs/protocol.md §2), and
// a bot's program and level named in the page's language.
import { tOr } from './i18n';

export const MAX_BOT_NAME_BYTES = 32;

// The server checks the whole name rule (docs/protocol.md §2); the page asks only for a name that
// is not empty, has no blanks at its ends and fits in 32 bytes.
export function validBotName(name: string): boolean {
  return name !== '' && name.trim() === name && new TextEncoder().encode(name).length <= MAX_BOT_NAME_BYTES;
}

// One word of a POSIX shell command line: as it is when it holds only safe characters, else in
// single quotes.
export function shellWord(s: string): string {
  return /^[A-Za-z0-9_.,:@%+=/-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

// The WebSocket address of the server this page came from.
export function wsUrl(loc: { protocol: string; host: string }): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}

// The command that connects a program of one's own as the bot (the bridge of `skat bot --program`).
export function botCommand(name: string, token: string, url: string): string {
  return `skat bot --program "python3 my_bot.py" --name ${shellWord(name)} --token ${shellWord(token)} --url ${url}`;
}

// The first message of a bot that talks to the server itself.
export function botHello(name: string, token: string): string {
  return JSON.stringify({ type: 'hello', protocol: 1, name, token, bot: true });
}

// The strength levels of the house bots, weakest first (bots/bot_levels.h on the server).
export const BOT_LEVELS = ['beginner', 'club', 'strongest'] as const;

// The levels the free bots offer, weakest first.
export function offeredLevels(free: { level?: string }[]): string[] {
  return BOT_LEVELS.filter((l) => free.some((b) => b.level === l));
}

// A level in words ("club" → "club player"); an unknown one as it is.
export function levelLabel(level: string): string {
  return tOr(`level.${level}`, level);
}

// The level a program plays, by the server's rule (bots/bot_levels.cpp): random, simple and rule
// as beginners, pimc and full below 16 worlds (20 when not given) as club players, full from 16
// worlds on as the strongest; null for a player's bot, an outside program or an unknown kind.
export function specLevel(spec: string): (typeof BOT_LEVELS)[number] | null {
  const [kind, settings = ''] = spec.split(/:(.*)/s);
  if (kind === 'random' || kind === 'simple' || kind === 'rule') return 'beginner';
  if (kind === 'pimc') return 'club';
  if (kind !== 'full') return null;
  const worlds = /(?:^|,)worlds=(\d+)(?:,|$)/.exec(settings);
  return (worlds ? Number(worlds[1]) : 20) < 16 ? 'club' : 'strongest';
}

// A program in words ("full:worlds=32,…" → "complete bot", "account:anna-bot" → "player's bot",
// "sandbox:NAME" → "uploaded program", "program:CMD" → "outside program"); an unknown kind as it is.
// The program itself belongs in a title.
export function programLabel(kind: string): string {
  return tOr(`program.${kind.split(':')[0]}`, kind);
}
