import { Box, Text } from 'ink';
import { HELP_LINES } from '../view.js';

export function Help() {
  return (
    <Box flexDirection="column" borderStyle="double" paddingX={1}>
      <Text bold>palpanel dash: keys</Text>
      {HELP_LINES.map((l) => (
        <Text key={l}>{l}</Text>
      ))}
    </Box>
  );
}
