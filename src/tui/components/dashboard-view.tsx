// The whole screen, from formatted props: columns of panes (or the help, or a too-small note),
// then the status bar. The pane area always takes `height` lines. Presentational only.
import { Box, Text } from 'ink';
import { Help } from './help.js';
import { Pane, type PaneProps } from './pane.js';
import { StatusBar, type StatusBarProps } from './status-bar.js';

export interface DashboardViewProps {
  /** Columns left to right, each a list of panes top to bottom. */
  columns: (PaneProps & { id: string })[][];
  width: number;
  height: number;
  /** The help lines when the help is open. */
  help: string[] | null;
  /** Shown instead of the panes when not even one fits. */
  tooSmall: string | null;
  status: StatusBarProps;
}

export function DashboardView({ columns, width, height, help, tooSmall, status }: DashboardViewProps) {
  let area;
  if (tooSmall) {
    area = (
      <Box height={height} width={width} overflow="hidden">
        <Text wrap="truncate-end">{tooSmall}</Text>
      </Box>
    );
  } else if (help) {
    area = <Help lines={help} width={width} height={height} />;
  } else {
    area = (
      <Box height={height} width={width} overflow="hidden">
        {columns.map((col, i) => (
          <Box key={i} flexDirection="column" flexShrink={0}>
            {col.map(({ id, ...p }) => (
              <Pane key={id} {...p} />
            ))}
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={width}>
      {area}
      <StatusBar {...status} />
    </Box>
  );
}
