/**
 * The part of the official `authorizenet` SDK (v1, CommonJS, untyped) this adapter uses. Requests
 * are its APIContracts classes built from plain objects (they put the fields in the order
 * Authorize.Net's schema demands); answers are whatever JSON came back, read by authorizenet-sdk.ts
 * and narrowed there at once.
 */
declare module 'authorizenet' {
  interface ContractRequest {
    getJSON(): Record<string, unknown>;
  }
  type ContractClass = new (fields: Record<string, unknown>) => ContractRequest;
  interface Controller {
    setEnvironment(url: string): void;
    execute(callback: () => void): void;
    getResponse(): unknown;
    getError(): unknown;
  }
  type ControllerClass = new (request: Record<string, unknown>, config?: Record<string, unknown> | null) => Controller;
  const authorizenet: {
    APIContracts: {
      CreateTransactionRequest: ContractClass;
      GetTransactionDetailsRequest: ContractClass;
      GetUnsettledTransactionListRequest: ContractClass;
      GetSettledBatchListRequest: ContractClass;
      GetTransactionListRequest: ContractClass;
    };
    APIControllers: {
      CreateTransactionController: ControllerClass;
      GetTransactionDetailsController: ControllerClass;
      GetUnsettledTransactionListController: ControllerClass;
      GetSettledBatchListController: ControllerClass;
      GetTransactionListController: ControllerClass;
    };
    Constants: { endpoint: { sandbox: string; production: string } };
  };
  export default authorizenet;
}
