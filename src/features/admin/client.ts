// The admin panel offers nothing to other features' browser code: its pages are its own.
export {};
