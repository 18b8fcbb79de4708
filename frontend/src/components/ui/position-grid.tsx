import { Box, Button, Field, SimpleGrid } from '@chakra-ui/react';
import type { CaptionSettings } from '@contract/caption-settings';

type CaptionPosition = CaptionSettings['position'];

const rows = ['top', 'middle', 'bottom'] as const;
const columns = ['left', 'center', 'right'] as const;
const words = (position: string) => position.replace('_', ' ').replace(/^./, (first) => first.toUpperCase());

/** The 3×3 caption position grid: top, middle, bottom crossed with left, center, right (000 §3). */
export function PositionGrid({
  value,
  onChange,
  label = 'Caption Position',
  labelId = 'caption-position-label',
  disabled,
  colorPalette = 'brand',
}: {
  value: CaptionPosition;
  onChange: (value: CaptionPosition) => void;
  label?: string;
  labelId?: string;
  disabled?: boolean;
  colorPalette?: string;
}) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label fontSize="sm" id={labelId}>
        {label}
      </Field.Label>
      <SimpleGrid columns={3} gap="1" w="36" role="group" aria-labelledby={labelId}>
        {rows.flatMap((row) =>
          columns.map((column) => {
            const position: CaptionPosition = `${row}_${column}`;
            const active = position === value;
            return (
              <Button
                key={position}
                size="xs"
                h="9"
                minW="0"
                variant={active ? 'solid' : 'outline'}
                colorPalette={active ? colorPalette : 'gray'}
                aria-label={words(position)}
                aria-pressed={active}
                title={words(position)}
                disabled={disabled}
                onClick={() => onChange(position)}
                display="flex"
                alignItems={row === 'top' ? 'flex-start' : row === 'bottom' ? 'flex-end' : 'center'}
                justifyContent={column === 'left' ? 'flex-start' : column === 'right' ? 'flex-end' : 'center'}
                p="1.5"
              >
                <Box w="3" h="1" rounded="full" bg={active ? 'white' : 'fg.muted'} />
              </Button>
            );
          }),
        )}
      </SimpleGrid>
    </Field.Root>
  );
}
