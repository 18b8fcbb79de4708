/**
 * The OpenAI fake's translations: a request of the translator (`response_format` named
 * `script_translation`, or its system prompt in JSON mode) is answered with canned sentences of the target
 * language, as many as the prompt asks for, so a translation is recognisably Spanish, German, Japanese…
 * and keeps the original's sentence count. Languages without canned text answer the original marked
 * with the code (`[ko] …`).
 */
const canned: Record<string, { title: string; sentences: string[]; caption: string }> = {
  Spanish: {
    title: 'Mañanas que funcionan',
    sentences: ['Primero, bebe un vaso de agua.', 'Luego, sal a caminar un poco.', 'El café sabe mejor con calma.', 'Tu día empieza con buen pie.'],
    caption: 'Tres hábitos para mañanas mejores #mañana #hábitos #rutina #bienestar #diario #consejos',
  },
  German: {
    title: 'Morgen, die funktionieren',
    sentences: ['Trink zuerst ein Glas Wasser.', 'Dann geh ein paar Schritte.', 'Der Kaffee schmeckt besser in Ruhe.', 'Dein Tag beginnt gut.'],
    caption: 'Drei Gewohnheiten für bessere Morgen #morgen #gewohnheiten #routine #wohlbefinden #täglich #tipps',
  },
  Japanese: {
    title: 'うまくいく朝の習慣',
    sentences: ['まず水を一杯飲みましょう。', 'それから少し歩きましょう。', 'コーヒーはゆっくり味わいましょう。', '一日が気持ちよく始まります。'],
    caption: 'より良い朝のための三つの習慣 #朝 #習慣 #ルーティン #健康 #毎日 #ヒント',
  },
  French: {
    title: 'Des matins qui marchent',
    sentences: ["D'abord, bois un verre d'eau.", 'Ensuite, marche un peu.', 'Le café est meilleur au calme.', 'Ta journée commence bien.'],
    caption: 'Trois habitudes pour de meilleurs matins #matin #habitudes #routine #bienêtre #quotidien #conseils',
  },
};

interface Body {
  response_format?: { type?: string; json_schema?: { name?: string } };
  messages?: { role: string; content: string }[];
}

/** The answer's JSON and tokens when the request is a translation, else undefined. */
export function translationAnswer(raw: Record<string, unknown>): { content: string; totalTokens: number } | undefined {
  const body = raw as Body;
  const system = body.messages?.[0]?.content ?? '';
  const isTranslation = body.response_format?.json_schema?.name === 'script_translation' || system.startsWith('You translate short-form video scripts');
  if (!isTranslation) return undefined;
  const language = /into ([A-Z][\w ()]+?), for a narrator/.exec(system)?.[1] ?? '';
  const count = Number(/exactly (\d+) sentence/.exec(system)?.[1] ?? 1);
  const given = JSON.parse(body.messages?.[1]?.content ?? '{}') as { title?: string; content?: string; postCaption?: string };
  const texts = canned[language];
  const answer = texts
    ? {
        title: texts.title,
        content: Array.from({ length: count }, (_, i) => texts.sentences[i % texts.sentences.length]).join(language === 'Japanese' ? '' : ' '),
        postCaption: given.postCaption ? texts.caption : '',
      }
    : { title: `[${language}] ${given.title ?? ''}`, content: `[${language}] ${given.content ?? ''}`, postCaption: given.postCaption ?? '' };
  return { content: JSON.stringify(answer), totalTokens: 400 + count * 20 };
}
