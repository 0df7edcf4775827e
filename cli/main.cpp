#include "cli/command.h"

int main(int argc, char** argv) {
  return catan::cli::run_cli(argc, argv);
}
