// The data lives in contracts/ so the server indexes the same items for the site search (decision 0011).
export * from "@waveform/contracts/partners";
