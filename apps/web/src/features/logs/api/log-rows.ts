/** Rows of the two log lists as the server sends them (a sign-in `msg` comes in the request's language); @sl/contracts has no log row types yet. */
export interface OperLogRow {
  id: number;
  userId: number | null;
  username: string;
  title: string;
  method: string;
  url: string;
  ipaddr: string;
  httpStatus: number;
  resultCode: number;
  msg: string;
  durationMs: number;
  operTime: string;
}

export interface LoginLogRow {
  id: number;
  userId: number | null;
  username: string;
  status: '1' | '2';
  ipaddr: string;
  userAgent: string;
  msg: string;
  loginTime: string;
}
