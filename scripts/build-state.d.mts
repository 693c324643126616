export function buildIsCurrent(root?: string): boolean;
export function nextBin(root?: string): string;
