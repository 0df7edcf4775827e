// StorageSnapshot (scripting/storage_snapshot.h): restoring puts back every table's entries and
// metatable in place, keeping its identity, drops what was added since, leaves kernel data alone,
// and refuses storage that is not plain data, naming the key.
#include <gtest/gtest.h>

#include <lua.hpp>

#include <stdexcept>
#include <string>

#include "scripting/storage_snapshot.h"

namespace catan::scripting {
namespace {

class StorageSnapshotTest : public ::testing::Test {
 protected:
  StorageSnapshotTest() : L(luaL_newstate()) { luaL_openlibs(L); }
  ~StorageSnapshotTest() override { lua_close(L); }
  void run(const std::string& code) {
    ASSERT_EQ(luaL_dostring(L, code.c_str()), LUA_OK) << lua_tostring(L, -1);
  }
  bool check(const std::string& expression) {
    const std::string code = "return " + expression;
    EXPECT_EQ(luaL_dostring(L, code.c_str()), LUA_OK) << lua_tostring(L, -1);
    const bool ok = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return ok;
  }
  // Snapshots the global table `name`; tables marked in global KERNEL are kernel data.
  void snapshot(const char* name) {
    snap.begin(L);
    lua_getglobal(L, name);
    snap.add(L, -1, "p", [](lua_State* S, int index) {
      lua_getglobal(S, "KERNEL");
      lua_pushvalue(S, index);
      const bool kernel = lua_istable(S, -2) && lua_rawget(S, -2) != LUA_TNIL;
      lua_pop(S, 2);
      return kernel;
    });
    lua_pop(L, 1);
  }
  lua_State* L;
  StorageSnapshot snap;
};

TEST_F(StorageSnapshotTest, RestoresEntriesAndMetatablesInPlace) {
  run(R"(
    M, M2 = {}, {}
    S = { a = 1, t = { x = 1 }, m = setmetatable({}, M), list = { 1, 2, 3 } }
    S.t.self = S.t
    S[S.t] = "table key"
    T, LIST = S.t, S.list
  )");
  snapshot("S");
  run(R"(
    S.a = 2; S.t.x = nil; S.t.y = 3; S.new = {}; S.list[4] = 4; S.list[1] = nil
    setmetatable(S.m, nil); setmetatable(S, M2); S.t = {}
  )");
  snap.restore(L);
  EXPECT_TRUE(check("S.a == 1 and S.new == nil and getmetatable(S) == nil"));
  EXPECT_TRUE(
      check("S.t == T and T.x == 1 and T.y == nil and T.self == T and S[T] == 'table key'"));
  EXPECT_TRUE(check("S.list == LIST and #LIST == 3 and LIST[1] == 1 and LIST[4] == nil"));
  EXPECT_TRUE(check("getmetatable(S.m) == M"));
  // Restoring again changes nothing; a later change is undone again.
  snap.restore(L);
  EXPECT_TRUE(check("S.a == 1 and S.t == T and T.x == 1"));
  run("T.x = 9");
  snap.restore(L);
  EXPECT_TRUE(check("T.x == 1"));
}

TEST_F(StorageSnapshotTest, KernelDataIsNeitherCopiedNorRestored) {
  run("VIEW = { n = 1 }; KERNEL = { [VIEW] = true }; S = { view = VIEW, own = { n = 1 } }");
  snapshot("S");
  run("VIEW.n = 2; S.own.n = 2");
  snap.restore(L);
  EXPECT_TRUE(check("S.view == VIEW and VIEW.n == 2 and S.own.n == 1"));
}

TEST_F(StorageSnapshotTest, StorageThatIsNotPlainDataIsRefusedNamingTheKey) {
  run("S = { a = { b = { f = print } } }");
  try {
    snapshot("S");
    FAIL() << "a function in storage was copied";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("pack 'p': storage key 'a.b.f' holds a function"),
              std::string::npos)
        << e.what();
  }
}

TEST_F(StorageSnapshotTest, TheDigestIgnoresOrderAndSeesEveryValue) {
  run("A = { x = 1, y = { 'a', 'b' }, [2.5] = true }; B = { [2.5] = true, y = { 'a', 'b' }, x = 1 "
      "}");
  run("C = { x = 1, y = { 'a', 'c' }, [2.5] = true }");
  lua_getglobal(L, "A");
  const auto a = storage_digest(L, -1);
  lua_getglobal(L, "B");
  const auto b = storage_digest(L, -1);
  lua_getglobal(L, "C");
  const auto c = storage_digest(L, -1);
  lua_pop(L, 3);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
}

}  // namespace
}  // namespace catan::scripting
