// The key help, drawn in place of the panes (same height, so toggling it moves nothing).
import { Box, Text } from 'ink';

export interface HelpProps {
  lines: string[];
  width: number;
  height: number;
}

export function Help({ lines, width, height }: HelpProps) {
  return (
    <Box flexDirection="column" borderStyle="double" paddingX={1} width={width} height={height} overflow="hidden">
      <Text bold>palpanel dash: keys (? to close)</Text>
      {lines.map((l, i) => (
        <Text key={i} wrap="truncate-end">
          {l || ' '}
        </Text>
      ))}
    </Box>
  );
}
