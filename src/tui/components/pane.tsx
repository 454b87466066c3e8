// A bordered pane: title (with the stale note), then exactly `height` body lines, so the layout
// does not move when data arrives. Presentational only: it draws the text it is given.
import { Box, Text } from 'ink';

export interface PaneProps {
  title: string;
  lines: string[];
  stale?: string;
  focused: boolean;
  width: number;
  /** Body lines; the pane takes height + 3 lines (borders and title). */
  height: number;
}

export function Pane({ title, lines, stale, focused, width, height }: PaneProps) {
  const body = lines.slice(0, height);
  while (body.length < height) body.push('');
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={focused ? 'cyan' : 'gray'} width={width} flexShrink={0} paddingX={1}>
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
