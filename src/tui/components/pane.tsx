// A bordered pane: title, optional stale note, and its lines. Presentational only.
import { Box, Text } from 'ink';

export interface PaneProps {
  title: string;
  lines: string[];
  stale?: string;
  focused: boolean;
  width: number;
  /** Fixed body height, so the layout does not jump when data arrives. */
  height: number;
}

export function Pane({ title, lines, stale, focused, width, height }: PaneProps) {
  const body = lines.slice(0, height);
  while (body.length < height) body.push('');
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={focused ? 'cyan' : 'gray'} width={width} paddingX={1}>
      <Text bold color={focused ? 'cyan' : undefined} wrap="truncate-end">
        {title}
        {stale ? <Text color="yellow">{`  ${stale}`}</Text> : null}
      </Text>
      {body.map((l, i) => (
        <Text key={i} wrap="truncate-end">
          {l || ' '}
        </Text>
      ))}
    </Box>
  );
}
