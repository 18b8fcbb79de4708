import { describe, expect, it } from 'vitest';

import { detectLanguage, languageToOffer } from '../../frontend/src/lib/language-detection';

/** The language offered for typed text (Edit Script, the generator): franc-min restricted to our 17 languages. */
describe('language detection', () => {
  it('reads a typed Spanish, Portuguese, German, Arabic, Russian and Japanese script', () => {
    expect(detectLanguage('El café sabe mejor en casa. Muele los granos frescos y no hiervas el agua.')).toBe('es');
    expect(detectLanguage('Café com leite todas as manhãs é bom demais, e você vai gostar.')).toBe('pt');
    expect(detectLanguage('Der Kaffee schmeckt zu Hause besser, wenn die Bohnen frisch gemahlen sind.')).toBe('de');
    expect(detectLanguage('القهوة في المنزل أفضل. ستجربها غدا.')).toBe('ar');
    expect(detectLanguage('Кофе дома вкуснее. Мелите зёрна прямо перед заваркой. Это просто и быстро, попробуйте завтра утром.')).toBe('ru');
    expect(detectLanguage('毎朝コーヒーを飲みます。')).toBe('ja');
    expect(detectLanguage('Coffee tastes better at home when you grind the beans fresh every morning.')).toBe('en');
  });

  it('guesses nothing from a word or two', () => {
    expect(detectLanguage('hola')).toBeNull();
    expect(detectLanguage('Buenos días')).toBeNull();
    expect(detectLanguage('   ')).toBeNull();
  });

  it('offers a language only where it differs from the chosen one', () => {
    const spanish = 'El café sabe mejor en casa. Muele los granos frescos y no hiervas el agua.';
    expect(languageToOffer(spanish, 'en')).toBe('es');
    expect(languageToOffer(spanish, 'es')).toBeNull();
  });
});
