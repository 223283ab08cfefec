export declare const joinedInfo: {title: string; description: string};
export declare function renderFullSpec(spec: unknown, groupOfTag: Map<string, string>): string;
export declare function joinSpecs(files: string[]): string;
