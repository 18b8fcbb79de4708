import { languageCodes, languages, type LanguageCode } from '../../functions/contract/languages';
import { languageWordCount } from '../../functions/contract/rules/language-words';

/**
 * The OpenAI fake's languages: the language a chat request asks for (named in its prompt, as the writer
 * names it: "write everything in German (Deutsch)"), and scripts written in it from canned sentences, so
 * a test can tell a German answer from an English one. Languages without canned sentences answer English.
 */
export interface CannedLanguage {
  title: string;
  sentences: readonly string[];
  hashtags: readonly string[];
  hook: string;
}

export const cannedLanguages: Partial<Record<LanguageCode, CannedLanguage>> = {
  de: {
    title: 'Deine Morgenroutine',
    sentences: [
      'Guten Morgen, heute zeige ich dir drei einfache Gewohnheiten.',
      'Trink zuerst ein großes Glas Wasser.',
      'Dann geh zehn Minuten an die frische Luft.',
      'Schreib zum Schluss deine wichtigste Aufgabe für den Tag auf.',
    ],
    hashtags: ['morgenroutine', 'gewohnheiten', 'gesundheit', 'motivation', 'alltag', 'tipps'],
    hook: 'Drei Gewohnheiten, die deinen Morgen verändern.',
  },
  es: {
    title: 'Tu rutina de la mañana',
    sentences: [
      'Buenos días, hoy te enseño tres hábitos sencillos.',
      'Primero bebe un vaso grande de agua.',
      'Después sal diez minutos al aire libre.',
      'Por último escribe la tarea más importante del día.',
    ],
    hashtags: ['mañana', 'hábitos', 'salud', 'motivación', 'rutina', 'consejos'],
    hook: 'Tres hábitos que cambian tu mañana.',
  },
  pt: {
    title: 'Sua rotina da manhã',
    sentences: [
      'Bom dia, hoje eu mostro três hábitos simples.',
      'Primeiro beba um copo grande de água.',
      'Depois saia dez minutos ao ar livre.',
      'Por fim escreva a tarefa mais importante do dia.',
    ],
    hashtags: ['manhã', 'hábitos', 'saúde', 'motivação', 'rotina', 'dicas'],
    hook: 'Três hábitos que mudam a sua manhã.',
  },
  ja: {
    title: '朝の習慣',
    sentences: [
      'おはようございます、今日は簡単な習慣を三つ紹介します。',
      'まず、大きなコップで水を一杯飲みましょう。',
      '次に、十分間外の空気を吸いましょう。',
      '最後に、今日いちばん大事な仕事を書き出しましょう。',
    ],
    hashtags: ['朝活', '習慣', '健康', 'モチベーション', '毎日', 'ヒント'],
    hook: '朝が変わる三つの習慣。',
  },
};

/** The language a chat request's prompt asks for, by its English name; English when it names none. */
export function requestedLanguage(messages: readonly { content?: unknown }[]): LanguageCode {
  const prompt = messages.map((message) => (typeof message.content === 'string' ? message.content : '')).join('\n');
  const named = /write everything in ([^(\n]+?) \(/.exec(prompt)?.[1];
  return languageCodes.find((code) => languages[code].name === named) ?? 'en';
}

/** `count` scripts in the language of about `words` words (as the language counts them), or undefined when it has none canned. */
export function cannedScripts(
  language: LanguageCode,
  count: number,
  words: number,
): { scripts: { title: string; content: string; hashtags: string[]; hookSuggestion: string }[] } | undefined {
  const canned = cannedLanguages[language];
  if (!canned) return undefined;
  const spaced = languages[language].spaceSeparated;
  const content: string[] = [];
  for (let i = 0; languageWordCount(content.join(' '), language) < words; i += 1) content.push(canned.sentences[i % canned.sentences.length] ?? '');
  return {
    scripts: Array.from({ length: count }, (_, i) => ({
      title: count > 1 ? `${canned.title} ${i + 1}` : canned.title,
      content: content.join(spaced ? ' ' : ''),
      hashtags: [...canned.hashtags],
      hookSuggestion: canned.hook,
    })),
  };
}
