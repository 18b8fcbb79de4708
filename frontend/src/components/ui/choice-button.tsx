import { Button, type ButtonProps } from '@chakra-ui/react';

/**
 * One choice of a few shown side by side (a period, a style, a quick pick): the chosen one is solid in
 * the brand colour, the others plain. `kind`: `radio`, one of the radiogroup around it (aria-checked);
 * `toggle`, an on/off button of its own (aria-pressed).
 */
export function ChoiceButton({
  chosen,
  kind,
  offVariant = 'outline',
  ...props
}: ButtonProps & { chosen: boolean; kind?: 'radio' | 'toggle'; offVariant?: 'outline' | 'ghost' }) {
  const state = kind === 'radio' ? { role: 'radio', 'aria-checked': chosen } : kind === 'toggle' ? { 'aria-pressed': chosen } : {};
  return <Button variant={chosen ? 'solid' : offVariant} colorPalette={chosen ? 'brand' : 'gray'} {...state} {...props} />;
}
