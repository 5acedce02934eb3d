/**
 * What the spectra list (a read-only custom editor for .mgf, .msp and .mzML files) and the extension host say to each
 * other (`SpectraProtocol`, on src/webview-protocol) and the views they exchange. No DOM and no `vscode`: both sides
 * import it.
 */
import type { Call } from '../../webview-protocol/protocol';
import type { SpectrumPlotView } from '../protocol';

export const SPECTRA_LIST_VIEW_TYPE = 'compoundDb.spectraList';

export interface SpectrumRowView {
  /** 1-based position in the file. */
  index: number;
  line: number;
  title?: string;
  precursorMz?: number;
  ionMode?: 'positive' | 'negative';
  peaks: number;
  /** Why the spectrum cannot be searched (names the spectrum and the line). */
  error?: string;
}

export interface HitView {
  index: number;
  recordId?: number;
  name?: string;
  score?: number;
  matchedPeaks?: number;
  spectrumId?: number;
  /** What the score means in this library. */
  meaning?: string;
  /** No hit, or the search failed: why. */
  message?: string;
}

export interface IdentifyProgress {
  running: boolean;
  done: number;
  total: number;
  /** Wall time of the run so far, ms. */
  elapsedMs: number;
  cancelled?: boolean;
}

export interface ReadProgress {
  reading: boolean;
  bytes: number;
  totalBytes: number;
  /** Wall time from opening to the last spectrum listed, ms (when reading has ended). */
  readMs?: number;
  /** The file could not be read at all. */
  error?: string;
}

export interface SpectraListState {
  file: string;
  rows: SpectrumRowView[];
  read: ReadProgress;
  hits: HitView[];
  identify?: IdentifyProgress;
}

export interface SpectraProtocol {
  requests: {
    identifyAll: Call<undefined, void>;
    cancel: Call<undefined, void>;
    /** A structure thumbnail as a PNG data URI. */
    thumbnail: Call<{ recordId: number }, string | undefined>;
    /** The row's spectrum, with its best hit's library spectrum below when it has one. */
    plot: Call<{ index: number }, SpectrumPlotView>;
    openDetails: Call<{ index: number }, void>;
    exportCsv: Call<undefined, void>;
  };
  pushes: {
    /** Everything so far: when the page is ready, and again after a reload. */
    state: SpectraListState;
    /** Rows read since the last push. */
    rows: { rows: SpectrumRowView[]; read: ReadProgress };
    /** Hits found since the last push. */
    hits: { hits: HitView[]; identify: IdentifyProgress };
  };
  /** Test hooks: the host asks them only when the extension runs in test mode. */
  pageRequests: {
    /** What is on screen. */
    snapshot: Call<undefined, SpectraSnapshot>;
    /** Chooses a row as a click does; answers once its plot is drawn (or its error shown). */
    select: Call<{ index: number }, SpectraSnapshot>;
  };
}

/** What the page shows, read back from its DOM (the test hook's input; one way). */
export interface SpectraSnapshot {
  rows: number;
  /** Time the page spent building its rows, ms. */
  rowsMs: number;
  errors: number;
  hits: number;
  /** The row chosen and what its plot shows. */
  selected?: number;
  plot?: { id: number; points: number; libraryPoints: number; matched?: number; labels: string[]; yHighest: number; yLowest?: number };
  /** The page's width and the widest content in it: nothing is cut when content ≤ page. */
  viewportWidth: number;
  contentWidth: number;
  /** Toolbar buttons and the table's first rows' cells, where they are drawn (CSS px), with their colours. */
  boxes: Array<{ name: string; x: number; y: number; width: number; height: number; visible: boolean; color: string; background: string }>;
  theme: string;
}
