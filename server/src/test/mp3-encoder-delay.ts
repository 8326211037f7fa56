/**
 * The samples an MP3 decoder puts before the first sample that was encoded: the encoder's delay
 * the LAME/Info tag states (in its first frame) plus the 529 samples of a standard decoder's own
 * delay. A decoder that does not read the tag (libmad, which sox uses) starts the audio this late;
 * gapless players (browsers, ffmpeg) skip it. Null without a LAME/Info tag.
 */
export function mp3EncoderDelay(bytes: Uint8Array): number | null {
  let offset = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    offset =
      10 + (((bytes[6] ?? 0) << 21) | ((bytes[7] ?? 0) << 14) | ((bytes[8] ?? 0) << 7) | (bytes[9] ?? 0));
  }
  const frame = Buffer.from(bytes.buffer, bytes.byteOffset + offset, Math.min(bytes.length - offset, 2048));
  let at = frame.indexOf("Info");
  if (at < 0) at = frame.indexOf("Xing");
  if (at < 0 || at > 64) return null;
  const flags = frame.readUInt32BE(at + 4);
  let lame = at + 8;
  if (flags & 1) lame += 4; // frames
  if (flags & 2) lame += 4; // bytes
  if (flags & 4) lame += 100; // table of contents
  if (flags & 8) lame += 4; // quality
  // The LAME extension: encoder (9 bytes), revision, lowpass, replay gain (8), flags, bitrate,
  // then 12 bits of encoder delay and 12 of padding.
  const encoderDelay = ((frame[lame + 21] ?? 0) << 4) | ((frame[lame + 22] ?? 0) >> 4);
  return encoderDelay + 529;
}
