import { Box, Field, HStack, Input } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

/** `#RRGGBB`, the only colour form the captions take. */
const hexColor = /^#[0-9a-fA-F]{6}$/;

/** A colour: the browser's picker and the #RRGGBB text beside it (kept upper case). */
export function ColorField({ label, value, onChange, disabled }: { label: string; value: string; onChange: (value: string) => void; disabled?: boolean }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const invalid = !hexColor.test(text);
  return (
    <Field.Root invalid={invalid} disabled={disabled}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <HStack gap="2" w="full">
        <Box as="label" position="relative" w="10" h="9" flexShrink={0} rounded="md" borderWidth="1px" overflow="hidden" style={{ background: value }}>
          <Input
            type="color"
            aria-label={label}
            value={value.toLowerCase()}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value.toUpperCase())}
            position="absolute"
            inset="0"
            opacity={0}
            cursor="pointer"
            h="full"
            p="0"
          />
        </Box>
        <Input
          size="sm"
          aria-label={`${label} hex`}
          value={text}
          maxLength={7}
          fontFamily="mono"
          disabled={disabled}
          onChange={(event) => {
            const next = event.target.value.trim();
            setText(next);
            if (hexColor.test(next)) onChange(next.toUpperCase());
          }}
        />
      </HStack>
      <Field.ErrorText>Colours are #RRGGBB</Field.ErrorText>
    </Field.Root>
  );
}
