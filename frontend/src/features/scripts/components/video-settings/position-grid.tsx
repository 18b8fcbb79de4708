import { Box, Button, Field, SimpleGrid } from '@chakra-ui/react';

import { POSITION_COLUMNS, POSITION_ROWS, type CaptionPosition } from '../../lib/caption-settings';

const words = (position: string) => position.replace('_', ' ').replace(/^./, (first) => first.toUpperCase());

/** The 3×3 caption position grid: top, middle, bottom crossed with left, center, right (000 §3). */
export function PositionGrid({ value, onChange }: { value: CaptionPosition; onChange: (value: CaptionPosition) => void }) {
  return (
    <Field.Root>
      <Field.Label fontSize="sm" id="caption-position-label">
        Caption Position
      </Field.Label>
      <SimpleGrid columns={3} gap="1" w="36" role="group" aria-labelledby="caption-position-label">
        {POSITION_ROWS.flatMap((row) =>
          POSITION_COLUMNS.map((column) => {
            const position = `${row}_${column}` as CaptionPosition;
            const active = position === value;
            return (
              <Button
                key={position}
                size="xs"
                h="9"
                variant={active ? 'solid' : 'outline'}
                colorPalette={active ? 'blue' : 'gray'}
                aria-label={words(position)}
                aria-pressed={active}
                title={words(position)}
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
