import type { LanguageCode } from '../../contract/languages';

/**
 * What a voice says in its sample, in each language it may speak: "Hi, I am <name>. This is how your scripts
 * will sound…". Japanese is in kana only and Korean in hangul only, since the offline voice spells kanji and
 * hanja out (espeak-languages.ts).
 */
export const sampleTexts: Readonly<Record<LanguageCode, (name: string) => string>> = {
  en: (name) => `Hi, I am ${name}. This is how your scripts will sound when I read them for your next video.`,
  es: (name) => `Hola, soy ${name}. Así sonarán tus guiones cuando los lea para tu próximo video.`,
  pt: (name) => `Olá, eu sou ${name}. É assim que seus roteiros vão soar quando eu os ler no seu próximo vídeo.`,
  fr: (name) => `Bonjour, je suis ${name}. Voici comment vos scripts sonneront quand je les lirai pour votre prochaine vidéo.`,
  de: (name) => `Hallo, ich bin ${name}. So klingen deine Skripte, wenn ich sie für dein nächstes Video vorlese.`,
  it: (name) => `Ciao, sono ${name}. Ecco come suoneranno i tuoi testi quando li leggerò per il tuo prossimo video.`,
  nl: (name) => `Hoi, ik ben ${name}. Zo klinken je scripts als ik ze voorlees voor je volgende video.`,
  pl: (name) => `Cześć, jestem ${name}. Tak zabrzmią twoje scenariusze, gdy przeczytam je w twoim następnym filmie.`,
  tr: (name) => `Merhaba, ben ${name}. Bir sonraki videon için metinlerini okuduğumda böyle duyulacak.`,
  ru: (name) => `Привет, я ${name}. Так будут звучать ваши сценарии, когда я прочитаю их для вашего следующего видео.`,
  uk: (name) => `Привіт, я ${name}. Так звучатимуть ваші сценарії, коли я прочитаю їх для вашого наступного відео.`,
  ar: (name) => `مرحبا، أنا ${name}. هكذا ستبدو نصوصك عندما أقرؤها في الفيديو القادم.`,
  hi: (name) => `नमस्ते, मैं ${name} हूँ। आपके अगले वीडियो में आपकी स्क्रिप्ट ऐसी सुनाई देगी।`,
  id: (name) => `Halo, saya ${name}. Beginilah naskahmu akan terdengar saat saya membacakannya untuk videomu berikutnya.`,
  ja: (name) => `こんにちは、${name}です。つぎのどうがであなたのスクリプトをよむと、こんなこえになります。`,
  ko: (name) => `안녕하세요, 저는 ${name}입니다. 다음 영상에서 대본을 읽으면 이렇게 들립니다.`,
  zh: (name) => `你好，我是${name}。我为你的下一个视频朗读脚本时，听起来就是这样。`,
};
