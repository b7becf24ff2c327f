// The public site offers nothing to other features' browser code: its pages and components import its modules.
export {};
