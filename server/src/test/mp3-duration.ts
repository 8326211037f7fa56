/**
 * The playing time of an MP3 from its frame headers, so tests can check the durations the feeds
 * state without ffprobe: skips an ID3v2 tag, walks the MPEG audio frames and counts their samples.
 * A first frame holding a Xing/Info tag carries no audio and is not counted (as ffprobe does).
 */
export function mp3Duration(bytes: Uint8Array): { seconds: number; frames: number; sampleRate: number } {
  const BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  const BITRATES_V2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
  const RATES: Record<number, number[]> = {
    3: [44100, 48000, 32000],
    2: [22050, 24000, 16000],
    0: [11025, 12000, 8000],
  };
  let offset = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    const size = ((bytes[6] ?? 0) << 21) | ((bytes[7] ?? 0) << 14) | ((bytes[8] ?? 0) << 7) | (bytes[9] ?? 0);
    offset = 10 + size;
  }
  let frames = 0;
  let samples = 0;
  let sampleRate = 0;
  let first = true;
  while (offset + 4 <= bytes.length) {
    const [b0, b1, b2] = [bytes[offset] ?? 0, bytes[offset + 1] ?? 0, bytes[offset + 2] ?? 0];
    if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Error(`No MPEG frame at byte ${offset}`);
    const version = (b1 >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
    const layer = (b1 >> 1) & 3; // 1: Layer III
    if (layer !== 1 || version === 1) throw new Error(`Not MPEG Layer III at byte ${offset}`);
    const bitrate = (version === 3 ? BITRATES_V1_L3 : BITRATES_V2_L3)[(b2 >> 4) & 15] ?? 0;
    const rate = RATES[version]?.[(b2 >> 2) & 3] ?? 0;
    if (!bitrate || !rate) throw new Error(`Bad frame header at byte ${offset}`);
    const perFrame = version === 3 ? 1152 : 576;
    const length = Math.floor(((perFrame / 8) * bitrate * 1000) / rate) + ((b2 >> 1) & 1);
    const mono = (bytes[offset + 3] ?? 0) >> 6 === 3;
    const sideInfo = version === 3 ? (mono ? 17 : 32) : mono ? 9 : 17;
    const tag = new TextDecoder().decode(bytes.subarray(offset + 4 + sideInfo, offset + 8 + sideInfo));
    if (!(first && (tag === "Xing" || tag === "Info"))) {
      frames++;
      samples += perFrame;
    }
    first = false;
    sampleRate = rate;
    offset += length;
  }
  return { seconds: sampleRate ? samples / sampleRate : 0, frames, sampleRate };
}
