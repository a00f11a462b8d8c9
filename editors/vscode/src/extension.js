// Starts `cardrules lsp` for .cardrules files; the server does all the work.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("cardrules").get("server.command");
  client = new LanguageClient(
    "cardrules",
    "cardrules",
    { command, args },
    { documentSelector: [{ scheme: "file", language: "cardrules" }, { scheme: "untitled", language: "cardrules" }] }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
