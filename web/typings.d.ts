declare module '*.css';
declare module '*.less';
declare module '*.png';
declare module '*.svg';
declare module '*.jpg';
