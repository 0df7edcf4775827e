#pragma once
// Checks that packs keep their state where it belongs: the part of a Session
// (scripting/session_impl.h) behind GameConfig::check_locals. The globals and library-copy
// checks need no state of their own (they compare with LoadedPacks' snapshots); implemented by
// Session::Impl's check methods (session_checks.cpp).

#include "scripting/local_state_check.h"

namespace catan::scripting {

struct PackStateChecks {
  bool check_locals = false;  // fail a game whose handlers' upvalues change (catan check)
  LocalStateCheck locals_check;
};

}  // namespace catan::scripting
